/** Tables of issue 13 (users); empty until that module needs one. */
export {};
