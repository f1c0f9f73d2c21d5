/**
 * The workflow menus' views (their `urlAddress`) that the shell and the home page single out: the
 * to-do and my-applications entries carry counts, the CC entry a home list. Kept apart from the
 * counts themselves so that naming a view costs the shell no workflow code.
 */
export const TODO_VIEW = 'workFlow/flowTodo';
export const LAUNCH_VIEW = 'workFlow/flowLaunch';
export const CIRCULATE_VIEW = 'workFlow/flowCirculate';

/** The count each counted menu shows, by its view in lower case. */
export const FLOW_COUNT_VIEWS: Readonly<Record<string, 'todo' | 'launch'>> = {
  [TODO_VIEW.toLowerCase()]: 'todo',
  [LAUNCH_VIEW.toLowerCase()]: 'launch',
};
