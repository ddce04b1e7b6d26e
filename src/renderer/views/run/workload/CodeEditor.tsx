// A JSON text area with a line-number gutter that scrolls with it and marks the line at fault.
import { useRef } from 'react';
import type { RefObject, UIEvent } from 'react';

/** Height of one line in the editor's CSS, to scroll a line into view. */
const LINE_HEIGHT_PX = 18;

/** Selects line `line` (1-based) of `area` and scrolls it a few lines below the top. */
export function selectLine(area: HTMLTextAreaElement, line: number): void {
  const lines = area.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
  area.scrollTop = Math.max(0, (line - 4) * LINE_HEIGHT_PX);
}

/** The editor; `errorLine` (1-based) is marked in the gutter and makes the text area invalid. */
export function CodeEditor({
  text,
  onText,
  errorLine,
  textRef,
}: {
  text: string;
  onText: (text: string) => void;
  errorLine: number | null;
  textRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const gutterRef = useRef<HTMLDivElement | null>(null);
  const lineCount = text.split('\n').length;
  const syncGutter = (event: UIEvent<HTMLTextAreaElement>) => {
    if (gutterRef.current) gutterRef.current.scrollTop = event.currentTarget.scrollTop;
  };
  return (
    <div className={errorLine !== null ? 'code-editor code-editor-invalid' : 'code-editor'}>
      <div className="code-gutter" ref={gutterRef} aria-hidden="true">
        {Array.from({ length: lineCount }, (_, i) => (
          <div key={i} className={i + 1 === errorLine ? 'code-line-error' : undefined}>
            {i + 1}
          </div>
        ))}
      </div>
      <textarea
        ref={textRef}
        className="code-text"
        aria-label="Workload definition (JSON)"
        spellCheck={false}
        autoComplete="off"
        wrap="off"
        value={text}
        onChange={(e) => onText(e.target.value)}
        onScroll={syncGutter}
        aria-invalid={errorLine !== null}
        aria-describedby="editor-status"
      />
    </div>
  );
}
