import { searchIndex } from '../../../core/search-index.ts';

/**
 * The area keyword search (name, code or quick query) through the search index (docs/search.md);
 * migration 015 builds it. Changing the columns needs a migration that drops and re-creates it.
 */
export const areaSearch = searchIndex({ table: 'area', columns: ['full_name', 'en_code', 'quick_query'] });
