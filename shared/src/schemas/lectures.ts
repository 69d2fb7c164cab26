// Wire contracts of the lectures feature (SPEC §3, §7).
export {};
