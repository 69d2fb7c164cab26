// Wire contracts of the courses feature (SPEC §3, §7).
export {};
