import { visibleText } from '../../../core/visible-text';
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ProductRecord } from '../../../api/product';
import { columnLabel, previewCellText } from '../builder/cells';
import { useUi } from '../ui-context';

const useStyles = makeStyles({
  scroller: {
    overflowX: 'auto',
    maxHeight: '320px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: { tableLayout: 'auto', width: 'max-content', minWidth: '100%' },
  cell: { whiteSpace: 'nowrap' },
});

/** Rows of a preview shown in the pane. */
const PREVIEW_ROWS = 20;
/** Columns of a preview shown in the pane (the import writes them all). */
const PREVIEW_COLUMNS = 6;

export interface PreviewTableProps {
  products: readonly ProductRecord[];
  columns: readonly string[];
  hasMoreHits: boolean;
}

/** The first products of a search; every value is a text node, never markup. */
export function PreviewTable({ products, columns, hasMoreHits }: PreviewTableProps): JSX.Element {
  const styles = useStyles();
  const { t, uiLang } = useUi();
  if (products.length === 0) {
    return <Text data-testid="search-preview-empty">{t('previewNone')}</Text>;
  }
  const shown = products.slice(0, PREVIEW_ROWS);
  const keys = columns.slice(0, PREVIEW_COLUMNS);
  const caption = t('previewRows', { n: shown.length });
  return (
    <div data-testid="search-preview">
      <Text weight="semibold" as="p">
        {caption}
      </Text>
      <div className={styles.scroller} tabIndex={0} role="region" aria-label={caption}>
        <Table size="extra-small" className={styles.table} aria-label={caption}>
          <TableHeader>
            <TableRow>
              {keys.map((k) => (
                <TableHeaderCell key={k} className={styles.cell} title={k}>
                  {columnLabel(k, uiLang)}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((p, i) => (
              <TableRow key={`${p.partno}-${i}`} data-testid="search-preview-row">
                {keys.map((k) => (
                  <TableCell key={k} className={styles.cell}>
                    {visibleText(previewCellText(p, k))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {hasMoreHits || products.length > shown.length ? (
        <Text size={200} as="p" data-testid="search-preview-more">
          {t('previewMore')}
        </Text>
      ) : null}
    </div>
  );
}
