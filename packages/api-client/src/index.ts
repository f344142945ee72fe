export * from './client'
export * from './cookie-jar'
export * from './transport'
