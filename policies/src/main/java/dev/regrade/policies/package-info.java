/**
 * Synthetic answer policies and targeted-input fixtures. Filled in by the offline-world issue.
 */
package dev.regrade.policies;
