import { describe, expect, it } from 'vitest'
import { NAME_MAX_LENGTH } from '@storyreel/core'
import { googleIdentity } from './google-identity'

const claims = {
  iss: 'https://accounts.google.com',
  sub: '108765432100',
  email: ' Maya.Lopez@Gmail.com ',
  email_verified: true,
  name: 'Maya Lopez',
  given_name: 'Maya',
  family_name: 'Lopez',
  picture: 'https://lh3.googleusercontent.com/a/ACg8ocK=s96-c',
}

describe('googleIdentity', () => {
  it('reads the account from the claims, the address as accounts key it', () => {
    expect(googleIdentity(claims)).toEqual({
      email: 'maya.lopez@gmail.com',
      name: 'Maya',
      surname: 'Lopez',
      profilePicture: claims.picture,
    })
  })

  it('needs an address the provider verified', () => {
    expect(googleIdentity({ ...claims, email_verified: false })).toBeNull()
    expect(googleIdentity({ ...claims, email_verified: 'true' })).toBeNull()
    expect(googleIdentity({ ...claims, email_verified: undefined })).toBeNull()
    expect(googleIdentity({ ...claims, email: undefined })).toBeNull()
    expect(googleIdentity({ ...claims, email: 'not an address' })).toBeNull()
  })

  it('finds names in name, else in the address', () => {
    const nameOnly = { ...claims, given_name: undefined, family_name: undefined }
    expect(googleIdentity({ ...nameOnly, name: 'Ada  King Lovelace' })).toMatchObject({
      name: 'Ada',
      surname: 'King Lovelace',
    })
    expect(googleIdentity({ ...nameOnly, name: undefined })).toMatchObject({
      name: 'maya.lopez',
      surname: '',
    })
    expect(googleIdentity({ ...claims, family_name: undefined })).toMatchObject({
      name: 'Maya',
      surname: '',
    })
    const long = 'x'.repeat(500)
    expect(googleIdentity({ ...claims, given_name: long })?.name).toHaveLength(NAME_MAX_LENGTH)
  })

  it('keeps only a picture Google serves over https', () => {
    for (const picture of [
      'http://lh3.googleusercontent.com/a/x',
      'https://googleusercontent.com.evil.example/a',
      'https://evil.example/?https://lh3.googleusercontent.com/',
      'javascript:alert(1)',
      42,
    ]) {
      expect(googleIdentity({ ...claims, picture })?.profilePicture).toBeNull()
    }
  })
})
