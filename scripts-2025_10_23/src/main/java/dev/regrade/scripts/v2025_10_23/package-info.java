/**
 * The ported Mind2Web 2 evaluation scripts of the 2025_10_23 release. Filled in by the script issues.
 */
package dev.regrade.scripts.v2025_10_23;
