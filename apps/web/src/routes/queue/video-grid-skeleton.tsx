/** Placeholder cards of the grid's own size while the list loads, so nothing moves when it comes. */
export function VideoGridSkeleton({ count = 5 }: { count?: number }) {
  return (
    <ul className="video-grid" aria-busy="true" aria-label="Loading your videos">
      <li>
        <div className="new-video new-video--skeleton" />
      </li>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="video-card video-card--skeleton" aria-hidden="true">
            <div className="video-card__media skeleton" />
            <div className="video-card__body">
              <div className="video-card__text">
                <span className="skeleton skeleton--line" />
                <span className="skeleton skeleton--line skeleton--short" />
              </div>
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
}
