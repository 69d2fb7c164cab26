// Wire contracts of the videos feature (SPEC §3, §7).
export {};
