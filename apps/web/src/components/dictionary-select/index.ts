export { DictionarySelect, type DictionarySelectProps } from './dictionary-select.tsx';
export { useDictionary, findDictionary, flattenOptions, type UseDictionaryResult } from '../../stores/dictionaries.ts';
export { CategorySearchBar } from './category-search-bar.tsx';
