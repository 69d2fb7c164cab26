// Wire contracts of the questions feature (SPEC §3, §7).
export {};
