export {
  CLEANUP_KIND,
  createJobQueue,
  DEFAULT_RETRY,
  nextSlot,
  retryDelayMs,
  type EnqueueOptions,
  type JobContext,
  type JobHandler,
  type JobQueue,
  type JobQueueOptions,
  type RetryPolicy,
} from './runner.ts';
export { claimJobs, recurringKey, refreshJobStatistics, type JobRow, type JobState } from './store.ts';
