// Mean and 95% confidence interval over repeats: the shared implementation, used by the runner too.
export { repeatStats, studentT975 } from '../../shared/compareStats.ts';
