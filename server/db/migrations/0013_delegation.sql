-- Slot reserved for issue 12 (delegation while away); filled by the change that needs it.
SELECT 1;
