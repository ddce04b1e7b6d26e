// The width an element is laid out at, kept current as the window resizes: chart builders wrap or
// slant axis labels and wrap legends for the width the chart is really drawn at.
import { useEffect, useRef, useState } from 'react';

/** A ref to attach and the element's width in pixels (undefined until it has been laid out). */
export function useElementWidth<T extends HTMLElement>(): {
  ref: { current: T | null };
  widthPx: number | undefined;
} {
  const ref = useRef<T | null>(null);
  const [widthPx, setWidthPx] = useState<number | undefined>(undefined);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Whole pixels: sub-pixel jitter while resizing would rebuild the chart option for nothing.
    const measure = () =>
      setWidthPx(Math.round(element.getBoundingClientRect().width) || undefined);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, widthPx };
}
