/**
 * The inputs an offline run is given: synthetic answer policies ({@link dev.regrade.policies.Policies})
 * and targeted-input fixtures ({@link dev.regrade.policies.Fixture}). Each is a
 * {@link dev.regrade.policies.World}: it decides what every extraction returns, which pages exist,
 * what the maps tool answers and how the judge rules.
 */
package dev.regrade.policies;
