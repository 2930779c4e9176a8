/**
 * Markdown, HTML and JSON renderings of an audit. Filled in by the audit issue.
 */
package dev.regrade.reports;
