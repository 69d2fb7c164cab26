// Wire contracts of the usage feature (SPEC §3, §7).
export {};
