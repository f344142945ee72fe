export interface SuggestionFieldProps {
  value: string
  onChange(value: string): void
  /** Enter composes, and says why not when there is nothing to compose. */
  onSubmit(): void
}

/** A few optional words on what the video is about, for the composer. */
export function SuggestionField({ value, onChange, onSubmit }: SuggestionFieldProps) {
  return (
    <section className="suggestion card">
      <label htmlFor="upload-suggestion" className="suggestion__label">
        What is your video about? <span className="suggestion__optional">Optional</span>
      </label>
      <p id="upload-suggestion-hint" className="suggestion__hint">
        A few words on the story, the mood or the occasion help us compose your video.
      </p>
      <input
        id="upload-suggestion"
        className="field__input"
        placeholder="e.g. A sunny weekend in Lisbon with friends"
        aria-describedby="upload-suggestion-hint"
        value={value}
        maxLength={2000}
        enterKeyHint="go"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
          event.preventDefault()
          onSubmit()
        }}
      />
    </section>
  )
}
