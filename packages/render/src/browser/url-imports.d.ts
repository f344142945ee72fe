// Vite's `?url` imports give the URL the bundler serves the file at.
declare module '*?url' {
  const url: string
  export default url
}
