package dev.iolab.reporting.markdown;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Markdown templates kept as resources beside the class that fills them ({@code <name>.mustache}): no HTML escaping,
 * an empty string counts as false in a section, a missing value reads as empty, and a partial ({@code {{> name}}})
 * is loaded beside the same class.
 */
public final class Templates {

    private final Class<?> beside;
    private final Mustache.Compiler compiler;

    private Templates(Class<?> beside) {
        this.beside = beside;
        this.compiler = Mustache.compiler()
                .escapeHTML(false)
                .emptyStringIsFalse(true)
                .defaultValue("")
                .withLoader(this::reader);
    }

    /** The templates beside {@code beside}, in its package's resource folder. */
    public static Templates beside(Class<?> beside) {
        return new Templates(beside);
    }

    /** The template {@code <name>.mustache}, compiled. */
    public Template compile(String name) {
        try (Reader reader = reader(name)) {
            return compiler.compile(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Reader reader(String name) {
        InputStream in = beside.getResourceAsStream(name + ".mustache");
        if (in == null) {
            throw new IllegalStateException("no template " + name + ".mustache beside " + beside);
        }
        return new InputStreamReader(in, StandardCharsets.UTF_8);
    }
}
