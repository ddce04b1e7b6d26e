// Notes and tags on a run's detail page, with the same dialog the history list uses to edit them.
import { useState } from 'react';
import type { RunDetail } from '../../../shared/types.ts';
import { Icon } from '../../components/Icon.tsx';
import { AnnotateDialog } from './AnnotateDialog.tsx';
import { RunTags } from './RunTags.tsx';

/** A card showing a run's notes and tags, with an Edit button. */
export function RunAnnotationCard({ run }: { run: RunDetail }) {
  const [saved, setSaved] = useState({ notes: run.notes ?? null, tags: run.tags ?? [] });
  const [editing, setEditing] = useState(false);
  const empty = !saved.notes && saved.tags.length === 0;
  return (
    <section className="section" aria-label="Notes and tags">
      <div className="card card-pad annotation-card" data-testid="run-annotation">
        <div>
          <h3 className="card-title">Notes and tags</h3>
          {empty && <p className="muted">None yet: tag runs to find and compare them later.</p>}
          {saved.tags.length > 0 && <RunTags tags={saved.tags} testId="run-tags" />}
          {saved.notes && <p data-testid="run-notes">{saved.notes}</p>}
        </div>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)}>
          <Icon name="edit" size={14} />
          Edit
        </button>
      </div>
      {editing && (
        <AnnotateDialog
          run={{ id: run.id, targetName: run.config.targetName, ...saved }}
          onDone={(item) => {
            setSaved({ notes: item.notes, tags: item.tags });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </section>
  );
}
