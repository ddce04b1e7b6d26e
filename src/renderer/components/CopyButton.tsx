// A small button that copies a value (a DN, a path, a command) and says so for a moment.
import { useEffect, useState } from 'react';
import { Icon } from './Icon.tsx';

/** Copies with the Clipboard API, or a selected textarea where that is not allowed. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not a secure context or no permission: fall back to the selection.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy was refused');
}

/** "Copy" that turns into "Copied" for 1.5 s; `label` names what is copied for screen readers. */
export function CopyButton({
  value,
  label,
  text = 'Copy',
}: {
  value: string;
  label: string;
  /** Visible text; empty for an icon-only button. */
  text?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    copyText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  const shown = state === 'copied' ? 'Copied' : state === 'failed' ? 'Select and copy' : text;
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm btn-copy${state === 'copied' ? ' btn-copy-done' : ''}`}
      onClick={copy}
      aria-label={label}
      title={state === 'idle' ? label : shown}
      data-copy-value={value}
    >
      <Icon name={state === 'copied' ? 'check' : 'copy'} size={13} />
      {shown && <span>{shown}</span>}
      <span className="sr-only" role="status">
        {state === 'copied' ? 'Copied' : ''}
      </span>
    </button>
  );
}

/** A value in code type (cut short with an ellipsis, whole in its tooltip) with its Copy button. */
export function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <span className="copyable">
      <code title={value}>{value}</code>
      <CopyButton value={value} label={label} />
    </span>
  );
}
