// Drop a file anywhere on the window to import it: an overlay while dragging, the kind told by the
// content, a question when it is ambiguous (matrix or workload; replacing a saved one), then the
// app shows what was imported. Refusals name the file and the kinds accepted.
import { useState } from 'react';
import { useApi } from '../api/useApi.ts';
import { Icon } from '../components/Icon.tsx';
import { Modal } from '../components/Modal.tsx';
import { navigate } from '../hooks/useHashRoute.ts';
import { ACCEPTED_KINDS, detectDrop } from './dropKind.ts';
import type { DroppedDefinition } from './dropKind.ts';
import {
  dropFailure,
  importRunFile,
  replacesSaved,
  saveDefinition,
  savedId,
} from './importDropped.ts';
import type { Imported } from './importDropped.ts';
import { useFileDrag } from './useFileDrag.ts';

/** A drop waiting for the user: which definition(s) it could be saved as. */
interface Question {
  fileName: string;
  choices: DroppedDefinition[];
  /** The ids among the choices that would replace a saved definition. */
  replacing: string[];
}

type Outcome = { kind: 'done'; text: string } | { kind: 'error'; text: string };

/** The window's drop target; mounted once by the app shell. */
export function DropImport() {
  const api = useApi();
  const [question, setQuestion] = useState<Question | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = async (fileName: string, work: () => Promise<Imported>) => {
    setBusy(true);
    try {
      const imported = await work();
      navigate(imported.route);
      setOutcome({ kind: 'done', text: imported.message });
    } catch (err) {
      setOutcome({ kind: 'error', text: dropFailure(fileName, err) });
    } finally {
      setBusy(false);
      setQuestion(null);
    }
  };

  const handle = async (files: File[]) => {
    setOutcome(null);
    const [file] = files;
    if (!file || files.length > 1) {
      setOutcome({
        kind: 'error',
        text: `Drop one file at a time (${files.length} were dropped).`,
      });
      return;
    }
    const text = await file.text();
    const found = detectDrop(file.name, text);
    if (found.kind === 'refused') return setOutcome({ kind: 'error', text: found.message });
    if (found.kind === 'run')
      return finish(file.name, () => importRunFile(api, found.format, file.name, text));
    const choices = found.kind === 'either' ? [found.matrix, found.workload] : [found];
    try {
      const replacing: string[] = [];
      for (const choice of choices)
        if (await replacesSaved(api, choice)) replacing.push(savedId(choice));
      const only = choices.length === 1 ? choices[0] : undefined;
      if (only && replacing.length === 0)
        return finish(file.name, () => saveDefinition(api, only, file.name));
      setQuestion({ fileName: file.name, choices, replacing });
    } catch (err) {
      setOutcome({ kind: 'error', text: dropFailure(file.name, err) });
    }
  };

  const dragging = useFileDrag((files) => void handle(files));

  return (
    <>
      {dragging && (
        <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
          <div className="drop-card">
            <Icon name="upload" size={28} />
            <strong>Drop to import</strong>
            <span>{ACCEPTED_KINDS}</span>
          </div>
        </div>
      )}
      {outcome && (
        <div
          className={`drop-outcome banner ${outcome.kind === 'error' ? 'banner-danger' : 'banner-success'}`}
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          data-testid={outcome.kind === 'error' ? 'drop-error' : 'drop-notice'}
        >
          <span>{outcome.text}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Dismiss"
            onClick={() => setOutcome(null)}
          >
            <Icon name="x" size={14} />
          </button>
        </div>
      )}
      {question && (
        <DropQuestion
          question={question}
          busy={busy}
          onCancel={() => setQuestion(null)}
          onPick={(choice) =>
            void finish(question.fileName, () => saveDefinition(api, choice, question.fileName))
          }
        />
      )}
    </>
  );
}

/** The preview of an ambiguous drop: what it would be saved as, and whether that replaces one. */
function DropQuestion({
  question,
  busy,
  onCancel,
  onPick,
}: {
  question: Question;
  busy: boolean;
  onCancel: () => void;
  onPick: (choice: DroppedDefinition) => void;
}) {
  const two = question.choices.length > 1;
  return (
    <Modal title={`Import "${question.fileName}"?`} onClose={onCancel}>
      <div className="modal-body" data-testid="drop-confirm">
        {two ? (
          <>
            <p>
              This file reads as both a matrix and a workload definition. Choose what to save it as.
            </p>
            <ul className="drop-choices">
              {question.choices.map((choice) => (
                <li key={choice.kind}>
                  {choice.kind === 'matrix' ? 'Matrix' : 'Workload'} saved as{' '}
                  <code>{savedId(choice)}</code>
                  {question.replacing.includes(savedId(choice)) && (
                    <span className="drop-replaces"> (replaces the saved one of that name)</span>
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : (
          question.choices.map((choice) => (
            <p key={choice.kind}>
              A {choice.kind} named <code>{savedId(choice)}</code> is already saved. Replace it with
              the one in this file? Runs already made keep the definition they used.
            </p>
          ))
        )}
      </div>
      <footer className="modal-footer">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        {question.choices.map((choice) => (
          <button
            key={choice.kind}
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => onPick(choice)}
          >
            {question.replacing.includes(savedId(choice)) ? 'Replace' : 'Save'}
            {two ? ` as ${choice.kind}` : ''}
          </button>
        ))}
      </footer>
    </Modal>
  );
}
