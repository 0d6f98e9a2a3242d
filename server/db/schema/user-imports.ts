/** Tables of issue 13 (user-bulk-uploads); empty until that module needs one. */
export {};
