package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ExternalToolTest {

    @Test
    void aMissingToolIsNamedWithTheDebianPackageThatProvidesIt() {
        ExternalTool missing = new ExternalTool("iolab-no-such-tool", "iolab-tools");

        assertThat(missing.find()).isEmpty();
        assertThatThrownBy(missing::require)
                .isInstanceOf(ExternalTool.MissingToolException.class)
                .hasMessage("'iolab-no-such-tool' is not on the PATH; install it with: apt-get install iolab-tools");
    }

    @Test
    void findsDaemonsInSbinEvenOffThePath() {
        // sh is in /bin (or /usr/bin); the point is that find() looks beyond the PATH for Debian's daemons.
        assertThat(new ExternalTool("sh", "dash").find()).isPresent();
        assertThat(ExternalTool.NGINX.debianPackage()).isEqualTo("nginx-light");
        assertThat(ExternalTool.HAPROXY.debianPackage()).isEqualTo("haproxy");
    }
}
