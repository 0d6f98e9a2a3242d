/** Tables of issue 13 (user-bulk-assign); empty until that module needs one. */
export {};
