-- Issue 15, evidence bundles and approval turnaround: written by that work.
SELECT 1;
