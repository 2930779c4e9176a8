package dev.regrade.audit.python;

import dev.regrade.api.BadInputException;
import java.nio.file.Path;

/**
 * A script imports a {@code mind2web2} module (or a name of one) that the engine it runs on lacks:
 * the script was written for another engine, so it is bad input (exit 2), not a crash, and
 * installing the checkout would not help. {@link GitRevisions#explain} adds which revisions' engines
 * have the module.
 */
public final class MissingEngineModuleException extends BadInputException {
    private static final long serialVersionUID = 1L;

    private final String module;
    private final String name;
    private final transient Path script;
    private final String variant;
    private final transient Path engine;

    /**
     * @param module  the missing module ({@code mind2web2.utils.cache}), or the module lacking {@code name}
     * @param name    the name the script imports from {@code module} that it lacks; null when the module is missing
     * @param script  the script file
     * @param variant the variant that ran it
     * @param engine  the folder whose {@code mind2web2} was imported
     * @param error   the Python error
     */
    public MissingEngineModuleException(String module, String name, Path script, String variant, Path engine,
                                        String error) {
        super(script + " (" + variant + ") imports " + what(module, name) + ", which the engine of " + engine
                + " lacks (" + error + "): the script was written for another engine; run it on one that has "
                + (name == null ? "the module" : "it") + " (--python with that checkout, or --base/--head/--engine "
                + "revisions whose engine has it)");
        this.module = module;
        this.name = name;
        this.script = script;
        this.variant = variant;
        this.engine = engine;
    }

    /** {@code mind2web2.utils.cache} or {@code CacheClass from mind2web2.utils.cache}. */
    static String what(String module, String name) {
        return name == null ? module : name + " from " + module;
    }

    /** The missing module, or the module lacking {@link #name()}. */
    public String module() {
        return module;
    }

    /** The missing name, or null when the whole module is missing. */
    public String name() {
        return name;
    }

    /** The script that imports it. */
    public Path script() {
        return script;
    }

    /** The variant that ran the script. */
    public String variant() {
        return variant;
    }

    /** The folder whose {@code mind2web2} lacks it. */
    public Path engine() {
        return engine;
    }
}
