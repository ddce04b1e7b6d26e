// Date formatting: ISO-like local times that sort and compare at a glance.

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `2025-11-22 14:05:09` in local time. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
