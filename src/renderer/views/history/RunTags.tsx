// A run's tags as chips, in the history list and on a run's page.

/** The tags of one run, in the order they were given. */
export function RunTags({ tags, testId }: { tags: readonly string[]; testId: string }) {
  return (
    <div className="history-tags" data-testid={testId}>
      {tags.map((tag) => (
        <span key={tag} className="run-tag">
          {tag}
        </span>
      ))}
    </div>
  );
}
