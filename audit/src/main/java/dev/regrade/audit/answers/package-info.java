/**
 * Real answers as audit inputs ({@code audit --answers DIR}, the Mind2Web 2 runner's
 * {@code <agent>/<task>/*.md} layout) and a real judge for every run ({@code audit --judge-url}).
 */
package dev.regrade.audit.answers;
