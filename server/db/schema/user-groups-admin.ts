/** Tables of issue 13 (user-groups); empty until that module needs one. */
export {};
