// The Salford directory's fixed parts: its suffix and base, units, titles, streets and towns, the
// lower-cased name lists, and the header entries above the persons.
import { loadNames } from './names.ts';

/** Suffix the lab server holds. */
export const SALFORD_SUFFIX = 'c=gb';
/** Base DN of the organization; searches and binds start here. */
export const SALFORD_BASE_DN = 'o=Salford,c=gb';

/** The ten units persons are spread over (person i goes to unit i % 10). */
export const UNITS = [
  'Finance',
  'People',
  'Legal',
  'Housing',
  'Education',
  'Environment',
  'Planning',
  'Highways',
  'Communities',
  'Digital',
] as const;

export const TITLES = [
  'Officer',
  'Senior Officer',
  'Assistant',
  'Administrator',
  'Team Leader',
  'Manager',
  'Senior Manager',
  'Analyst',
  'Adviser',
  'Coordinator',
  'Specialist',
  'Technician',
  'Consultant',
  'Inspector',
  'Caseworker',
  'Director',
] as const;

export const STREETS = [
  'Chapel Street',
  'Eccles New Road',
  'Langworthy Road',
  'Frederick Road',
  'Bury New Road',
  'Great Clowes Street',
  'Broad Street',
  'Cromwell Road',
  'Lower Broughton Road',
  'Trafford Road',
  'Ordsall Lane',
  'Regent Road',
  'Weaste Lane',
  'Worsley Road',
  'Walkden Road',
  'Monton Road',
  'Church Street',
  'Victoria Road',
  'Station Road',
  'Manchester Road',
  'Bolton Road',
  'Moorside Road',
  'Park Lane',
  'Hilton Lane',
  'Liverpool Road',
  'Silk Street',
  'Gerald Road',
  'Seedley Road',
  'Cleggs Lane',
  'Partington Lane',
  'Leigh Road',
  'Irlam Road',
] as const;

/** Towns of the City of Salford with a postcode district each. */
export const TOWNS = [
  ['Salford', 'M3'],
  ['Salford', 'M5'],
  ['Salford', 'M6'],
  ['Salford', 'M7'],
  ['Eccles', 'M30'],
  ['Swinton', 'M27'],
  ['Pendlebury', 'M27'],
  ['Walkden', 'M28'],
  ['Worsley', 'M28'],
  ['Little Hulton', 'M38'],
  ['Irlam', 'M44'],
  ['Cadishead', 'M44'],
] as const;

// Letters used in the inward part of UK postcodes.
export const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/** Header entries: the suffix, the organization and its units; parents always come before children. */
export function salfordHeaderLdif(): string {
  let text =
    `dn: ${SALFORD_SUFFIX}\nobjectClass: top\nobjectClass: country\nc: gb\n\n` +
    `dn: ${SALFORD_BASE_DN}\nobjectClass: top\nobjectClass: organization\no: Salford\n` +
    `description: Salford benchmark directory (DirBench)\n\n`;
  for (const unit of UNITS) {
    text += `dn: ou=${unit},${SALFORD_BASE_DN}\nobjectClass: top\nobjectClass: organizationalUnit\nou: ${unit}\n\n`;
  }
  return text;
}

/** Lower-cased copies of the name lists, built once so the hot loop does not allocate them. */
let lowerNames: { first: readonly string[]; last: readonly string[] } | null = null;
export function lowerCaseNames(): { first: readonly string[]; last: readonly string[] } {
  if (lowerNames === null) {
    const names = loadNames();
    lowerNames = {
      first: names.first.map((n) => n.toLowerCase()),
      last: names.last.map((n) => n.toLowerCase()),
    };
  }
  return lowerNames;
}
