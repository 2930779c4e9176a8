/**
 * Page sources over a Mind2Web-2-compatible cache directory; HTML to text; a synthetic-cache writer. Filled in by the offline-world issue.
 */
package dev.regrade.webcache;
