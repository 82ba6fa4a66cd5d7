package dev.iolab.bench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.profile.ProfilerException;

class ProfilerOptionsTest {

    enum Colour {
        RED,
        GREEN
    }

    @Test
    void readsKeyValuePairsSeparatedBySemicolonsOrCommas() throws ProfilerException {
        ProfilerOptions options =
                ProfilerOptions.parse("P", "colour=green; path=/usr/bin/x,", Set.of("colour", "path"));

        assertThat(options.choice("colour", Colour.class, Colour.RED)).isEqualTo(Colour.GREEN);
        assertThat(options.text("path", "strace")).isEqualTo("/usr/bin/x");
    }

    @Test
    void fallsBackToDefaultsWithoutOptions() throws ProfilerException {
        ProfilerOptions options = ProfilerOptions.parse("P", "", Set.of("colour"));

        assertThat(options.choice("colour", Colour.class, Colour.RED)).isEqualTo(Colour.RED);
        assertThat(options.text("colour", "none")).isEqualTo("none");
    }

    @Test
    void rejectsUnknownKeysPairsWithoutValueAndUnknownChoices() throws ProfilerException {
        assertThatThrownBy(() -> ProfilerOptions.parse("P", "size=3", Set.of("colour", "path")))
                .isInstanceOf(ProfilerException.class)
                .hasMessage("P: cannot use option 'size=3'; options are colour, path as key=value");
        assertThatThrownBy(() -> ProfilerOptions.parse("P", "colour", Set.of("colour")))
                .isInstanceOf(ProfilerException.class)
                .hasMessageContaining("cannot use option 'colour'");
        ProfilerOptions blue = ProfilerOptions.parse("P", "colour=blue", Set.of("colour"));
        assertThatThrownBy(() -> blue.choice("colour", Colour.class, Colour.RED))
                .isInstanceOf(ProfilerException.class)
                .hasMessage("P: colour=blue is not one of red, green (default red)");
    }
}
