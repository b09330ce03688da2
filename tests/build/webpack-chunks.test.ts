// The site's webpack change (gatsby-node.ts): the browser bundle loses Gatsby's catch-all `commons`
// group, so what the refresh and the modal each fetch lazily stays apart (tests/e2e/bundle.e2e.ts
// counts the bytes); every other stage and group is left as Gatsby made it.
import { onCreateWebpackConfig } from '../../gatsby-node';

function run(stage: string) {
  const config = {
    optimization: { splitChunks: { cacheGroups: { framework: { priority: 40 }, commons: { name: 'commons' }, shared: { priority: 10 } } } },
  };
  const replaceWebpackConfig = jest.fn();
  (onCreateWebpackConfig as (args: unknown) => void)({ stage, getConfig: () => config, actions: { replaceWebpackConfig } });
  return { config, replaceWebpackConfig };
}

it('drops the commons group from the browser bundle and keeps the others', () => {
  const { config, replaceWebpackConfig } = run('build-javascript');
  expect(replaceWebpackConfig).toHaveBeenCalledWith(config);
  expect(config.optimization.splitChunks.cacheGroups).toEqual({ framework: { priority: 40 }, commons: false, shared: { priority: 10 } });
});

it.each(['develop', 'build-html', 'develop-html'])('leaves the %s stage alone', (stage) => {
  const { config, replaceWebpackConfig } = run(stage);
  expect(replaceWebpackConfig).not.toHaveBeenCalled();
  expect(config.optimization.splitChunks.cacheGroups.commons).toEqual({ name: 'commons' });
});
