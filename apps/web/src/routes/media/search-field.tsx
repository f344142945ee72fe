import { STOCK_LIMITS, TIMINGS } from '@storyreel/core'
import { Search, X } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * The stock search box: what is typed is searched once the typing stops for 300 ms (SPEC
 * section 9), or at once on Enter. `value` is the search in the URL; a change there that did
 * not come from here (the back button) shows in the box.
 */
export function SearchField({
  value,
  onSearch,
  placeholder,
}: {
  value: string
  onSearch: (query: string) => void
  placeholder: string
}) {
  const [text, setText] = useState(value)
  const sent = useRef(value)
  const search = useRef(onSearch)
  useEffect(() => {
    search.current = onSearch
  })

  useEffect(() => {
    if (value === sent.current) return
    sent.current = value
    setText(value)
  }, [value])

  const send = useCallback((query: string) => {
    if (query === sent.current) return
    sent.current = query
    search.current(query)
  }, [])

  useEffect(() => {
    const timer = setTimeout(() => send(text.trim()), TIMINGS.searchDebounceMs)
    return () => clearTimeout(timer)
  }, [text, send])

  return (
    <form
      className="media-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        send(text.trim())
      }}
    >
      <Search className="media-search__icon" size={18} aria-hidden="true" />
      <input
        className="media-search__input"
        type="search"
        aria-label="Search"
        placeholder={placeholder}
        value={text}
        maxLength={STOCK_LIMITS.maxQueryLength}
        enterKeyHint="search"
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {text ? (
        <button
          type="button"
          className="media-search__clear"
          aria-label="Clear search"
          onClick={() => {
            setText('')
            send('')
          }}
        >
          <X size={16} aria-hidden="true" />
        </button>
      ) : null}
    </form>
  )
}
