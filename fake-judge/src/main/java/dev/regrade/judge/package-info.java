/**
 * The OpenAI-compatible fake judge and the HTTP judge client. Filled in by the offline-world issue.
 */
package dev.regrade.judge;
