/**
 * The API every Regrade module builds on, and the only one the drivers ({@code audit}, {@code approval},
 * {@code bench}, {@code cli}) see of the subjects: the {@code Subject} contract found through
 * {@link java.util.ServiceLoader}, the one bad-input exception family, and the one typed JSON field
 * reader. Modelled on the JUnit Platform's split of its launcher API from the engines behind it.
 */
package dev.regrade.api;
