/** Joins the class names that are set: `cx('a', on && 'b')` is 'a b' or 'a'. */
export const cx = (...names: Array<string | false | null | undefined>): string => names.filter(Boolean).join(' ');
