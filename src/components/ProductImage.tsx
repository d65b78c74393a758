import { useState } from 'react';

/**
 * A product's picture in its 4:3 box. Without one, or when it fails to load, a neutral drawing (no
 * network) fills the same box; both are decorative, the product's name says what it is.
 */
export function ProductImage({ src }: { src: string }) {
  // The address that failed: a new address gets its own try.
  const [failedSrc, setFailedSrc] = useState<string>();
  if (!src || failedSrc === src)
    return (
      <span className="product-card__image product-card__image--missing" data-testid="image-placeholder">
        <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path
            d="M8 12h32a2 2 0 0 1 2 2v20a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V14a2 2 0 0 1 2-2zm2 20h28l-9-11-7 8-4-4z"
            fill="currentColor"
            fillRule="evenodd"
            opacity="0.5"
          />
        </svg>
      </span>
    );
  return (
    <img className="product-card__image" src={src} alt="" width="160" height="120" onError={() => setFailedSrc(src)} />
  );
}
