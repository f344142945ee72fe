/** Photos taken in the app are named photo_{timestamp}.jpeg (SPEC section 2). */
export function photoFileName(takenAt: number): string {
  return `photo_${takenAt}.jpeg`
}

/** A JPEG from a camera as the File a picked picture would be, so it takes the same path. */
export function photoFile(jpeg: BlobPart, takenAt: number = Date.now()): File {
  return new File([jpeg], photoFileName(takenAt), { type: 'image/jpeg', lastModified: takenAt })
}

/** The bytes of a base64 `data:` URL, as the native camera answers; an error for anything else. */
export function dataUrlBytes(dataUrl: string): Uint8Array<ArrayBuffer> {
  const match = /^data:[^,]*;base64,(.*)$/s.exec(dataUrl)
  if (!match?.[1]) throw new Error('The camera did not answer a base64 data URL')
  const text = atob(match[1])
  return Uint8Array.from(text, (char) => char.charCodeAt(0))
}
