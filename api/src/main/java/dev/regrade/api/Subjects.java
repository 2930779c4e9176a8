package dev.regrade.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The subjects on the class path, found through {@link ServiceLoader}, sorted by name: the one
 * lookup the drivers use (as the JUnit launcher discovers its engines). The order never depends on
 * the class path's order, and two subjects of one name are refused.
 */
public final class Subjects {
    private final List<Subject> all;

    private Subjects(List<Subject> all) {
        this.all = all;
    }

    /** Loaded once: the providers are cheap, but a score run's start counts every class. */
    private static final class Installed {
        static final Subjects INSTANCE = load(Subjects.class.getClassLoader());
    }

    /** Every subject registered on the class path that loaded this class (loaded once). */
    public static Subjects installed() {
        return Installed.INSTANCE;
    }

    /** Every subject registered for {@code loader}, loaded afresh. */
    public static Subjects load(ClassLoader loader) {
        List<Subject> found = new ArrayList<>();
        ServiceLoader.load(Subject.class, loader).forEach(found::add);
        return of(found);
    }

    /**
     * These subjects, sorted by name.
     *
     * @throws IllegalArgumentException when two have the same name
     */
    public static Subjects of(Collection<? extends Subject> subjects) {
        List<Subject> sorted = new ArrayList<>(subjects);
        sorted.sort(Comparator.comparing(Subject::name));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).name().equals(sorted.get(i - 1).name())) {
                throw new IllegalArgumentException("two subjects are named '" + sorted.get(i).name() + "': "
                        + sorted.get(i - 1).getClass().getName() + " and " + sorted.get(i).getClass().getName());
            }
        }
        return new Subjects(List.copyOf(sorted));
    }

    /** Every subject, sorted by name. */
    public List<Subject> all() {
        return all;
    }

    /** The subjects of that type (e.g. the ported scripts), sorted by name. */
    public <T> List<T> all(Class<T> type) {
        return all.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** Every subject's name, sorted. */
    public List<String> names() {
        return all.stream().map(Subject::name).toList();
    }

    /** The names of the subjects of that type, sorted. */
    public List<String> names(Class<?> type) {
        return all.stream().filter(type::isInstance).map(Subject::name).toList();
    }

    /** The subject of that name, if there is one. */
    public Optional<Subject> find(String name) {
        return all.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /**
     * The subject of that name.
     *
     * @throws IllegalArgumentException for an unknown name, naming the known ones and the close one
     */
    public Subject get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("unknown subject '" + name + "' (known: "
                + String.join(", ", names()) + ")" + DidYouMean.suffix(name, names())));
    }
}
