import {
  Button,
  FluentProvider,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Switch,
  Tab,
  TabList,
  Title3,
  makeStyles,
  tokens,
  webDarkTheme,
  webLightTheme,
} from '@fluentui/react-components';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import type { Preferences } from '../settings/settings';
import { lastCommandNotice, subscribeCommandNotices, subscribeSectionRequests, type CommandNotice } from '../commands/notices';
import { createTranslator, type MessageKey } from './i18n';
import { resolveUiLanguage } from '../settings/settings';
import { SECTIONS, sectionOf, type SectionId } from './section-ids';
import type { TaskpaneEnvironment, TaskpaneServices } from './adapter/services';
import type { ServiceCondition } from '../../api/client/service-state';
import { UiContext, type UiContextValue } from './ui-context';


/*
 * Each section is a chunk of its own, fetched the first time it is shown, so the pane's first
 * screen loads only the section it opens on; the others are prefetched once the browser is idle.
 */
const SettingsSection = lazy(() => import(/* webpackChunkName: "section-settings", webpackPrefetch: true */ './sections/settings-section').then((m) => ({ default: m.SettingsSection })));
const SearchSection = lazy(() => import(/* webpackChunkName: "section-search", webpackPrefetch: true */ './sections/search-section').then((m) => ({ default: m.SearchSection })));
const EnrichSection = lazy(() => import(/* webpackChunkName: "section-enrich", webpackPrefetch: true */ './sections/enrich-section').then((m) => ({ default: m.EnrichSection })));
const HealthSection = lazy(() => import(/* webpackChunkName: "section-health", webpackPrefetch: true */ './sections/health-section').then((m) => ({ default: m.HealthSection })));
const DownloadSection = lazy(() => import(/* webpackChunkName: "section-download", webpackPrefetch: true */ './sections/download-section').then((m) => ({ default: m.DownloadSection })));

const SECTION_LABELS: Readonly<Record<SectionId, MessageKey>> = {
  settings: 'sectionSettings',
  search: 'sectionSearch',
  enrich: 'sectionEnrich',
  health: 'sectionHealth',
  download: 'sectionDownload',
};


const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    paddingLeft: tokens.spacingHorizontalM,
    paddingRight: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    paddingTop: tokens.spacingVerticalS,
  },
  tabs: { flexWrap: 'wrap' },
});

export interface AppProps {
  services: TaskpaneServices;
  environment: TaskpaneEnvironment;
}

/** The taskpane: theme, language, the "not in Excel" banner and the five sections (each mounted when first shown, then kept mounted, so no input is lost). */
export function App({ services, environment }: AppProps): JSX.Element {
  const styles = useStyles();
  const [preferences, setPreferences] = useState<Preferences>();
  const [section, setSection] = useState<SectionId>(sectionOf(environment.initialSection));
  // Sections shown at least once: they stay mounted (hidden when not selected), so no input is lost.
  const [visited, setVisited] = useState<ReadonlySet<SectionId>>(() => new Set([sectionOf(environment.initialSection)]));
  useEffect(() => setVisited((v) => (v.has(section) ? v : new Set([...v, section]))), [section]);
  const [dark, setDark] = useState(environment.officeDark === true);
  const [busyCount, setBusyCount] = useState(0);
  const [notice, setNotice] = useState<CommandNotice | undefined>(lastCommandNotice);
  const [service, setService] = useState<ServiceCondition>('ok');

  // Progress text says when the service is limiting, failing or slow.
  useEffect(() => services.watchService(setService), [services]);

  // The ribbon commands run in the same page: show their outcome and follow their section requests.
  useEffect(() => {
    const stopNotices = subscribeCommandNotices(setNotice);
    const stopSections = subscribeSectionRequests((id) => setSection(sectionOf(id)));
    return () => {
      stopNotices();
      stopSections();
    };
  }, []);

  useEffect(() => {
    let live = true;
    void services.settings.load().then((p) => live && setPreferences(p));
    const stop = services.settings.subscribe((p) => setPreferences(p));
    return () => {
      live = false;
      stop();
    };
  }, [services]);

  const uiLang = resolveUiLanguage(preferences?.uiLanguage, environment.displayLanguage);
  const enterBusy = useCallback(() => {
    setBusyCount((n) => n + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      setBusyCount((n) => n - 1);
    };
  }, []);
  const ui = useMemo<UiContextValue>(
    () => ({ uiLang, t: createTranslator(uiLang), busy: busyCount > 0, enterBusy, inExcel: environment.inExcel, service }),
    [uiLang, busyCount, enterBusy, environment.inExcel, service],
  );
  const { t } = ui;

  useEffect(() => {
    document.documentElement.lang = uiLang;
  }, [uiLang]);

  return (
    // Styles go on an inner element: the provider's own classes are copied onto portal nodes (menus, listboxes).
    <FluentProvider theme={dark ? webDarkTheme : webLightTheme}>
      <UiContext.Provider value={ui}>
        <div className={styles.root} data-testid="taskpane" data-theme={dark ? 'dark' : 'light'}>
        <header className={styles.header}>
          <Title3 as="h1">{t('appTitle')}</Title3>
          <Switch label={t('themeDark')} checked={dark} onChange={(_, d) => setDark(d.checked)} data-testid="theme-toggle" />
        </header>
        {!environment.inExcel ? (
          <MessageBar intent="warning" layout="multiline" data-testid="not-in-excel">
            <MessageBarBody>
              <MessageBarTitle>{t('notInExcelTitle')}</MessageBarTitle>
              {t('notInExcelBody')}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {notice ? (
          <MessageBar intent={notice.ok ? 'success' : 'error'} layout="multiline" data-testid="command-notice">
            <MessageBarBody>
              <MessageBarTitle>{t(notice.ok ? 'commandNoticeOk' : 'commandNoticeFailed')}</MessageBarTitle>
              {notice.message}
            </MessageBarBody>
            <Button appearance="transparent" size="small" onClick={() => setNotice(undefined)} data-testid="command-notice-dismiss">
              {t('dismiss')}
            </Button>
          </MessageBar>
        ) : null}
        <nav aria-label={t('navLabel')}>
          <TabList
            className={styles.tabs}
            size="small"
            selectedValue={section}
            onTabSelect={(_, d) => setSection(sectionOf(String(d.value)))}
          >
            {SECTIONS.map((id) => (
              <Tab key={id} value={id} id={`tab-${id}`} aria-controls={`panel-${id}`} data-testid={`tab-${id}`}>
                {t(SECTION_LABELS[id])}
              </Tab>
            ))}
          </TabList>
        </nav>
        {preferences ? (
          SECTIONS.map((id) => (
            <main
              key={id}
              id={`panel-${id}`}
              role="tabpanel"
              aria-labelledby={`tab-${id}`}
              hidden={section !== id}
              data-testid={`panel-${id}`}
            >
              {visited.has(id) || id === section ? (
                <Suspense fallback={<Spinner label={t('loading')} />}>
                  {id === 'settings' ? <SettingsSection services={services} preferences={preferences} /> : null}
                  {id === 'search' ? <SearchSection services={services} preferences={preferences} /> : null}
                  {id === 'enrich' ? <EnrichSection services={services} preferences={preferences} /> : null}
                  {id === 'health' ? <HealthSection services={services} preferences={preferences} /> : null}
                  {id === 'download' ? <DownloadSection services={services} preferences={preferences} /> : null}
                </Suspense>
              ) : null}
            </main>
          ))
        ) : (
          <Spinner label={t('loading')} />
        )}
        </div>
      </UiContext.Provider>
    </FluentProvider>
  );
}
