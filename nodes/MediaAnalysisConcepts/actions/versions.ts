/**
 * Version 1.1: Classify Image names the input's asset and gives flat per-concept fields, with Include Input Fields
 * (classification/flatScores.ts); the concept list of Chosen Concepts shows the concepts of a dataset. Version 1 keeps
 * its parameters and output, so workflows saved with it run as before.
 */
export const VERSION_1_1 = 1.1;

/** Version 1.2: as an AI tool, Limits start at 10 (earlier versions keep 50, so tools saved with them return as before). */
export const TOOLS_VERSION = 1.2;
