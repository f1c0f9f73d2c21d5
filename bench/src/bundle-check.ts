import { budgetMisses, bundleSection, measureBundles } from './bundles.ts';
import { renderReport } from './report.ts';
import { measureTransfer, transferSection } from './transfer.ts';

/** `npm run bundles`: prints the bundle figures of the last web build; exits 1 on a missed budget
 * unless `--report` asks only for the figures. */
const sizes = measureBundles();
console.log(renderReport([bundleSection(sizes), transferSection(measureTransfer())]));
const misses = budgetMisses(sizes);
for (const miss of misses) console.log(`budget missed: ${miss}`);
process.exitCode = misses.length && !process.argv.includes('--report') ? 1 : 0;
