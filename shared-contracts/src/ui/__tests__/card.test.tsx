import { render, screen } from '@testing-library/react';
import { Card } from '../card';
import { DetailsList } from '../details-list';

describe('Card', () => {
  it('is a region named by its heading', () => {
    render(
      <Card title="Your balance">
        <p>R 0.00</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Your balance' });
    expect(region).toHaveTextContent('R 0.00');
    expect(screen.getByRole('heading', { level: 2, name: 'Your balance' })).toBeInTheDocument();
  });

  it('takes the heading level, element and heading id it is given', () => {
    render(
      <Card as="article" title="First Light" headingLevel={3} titleId="book-title">
        <p>Body</p>
      </Card>,
    );
    const heading = screen.getByRole('heading', { level: 3, name: 'First Light' });
    expect(heading).toHaveAttribute('id', 'book-title');
    expect(screen.getByRole('article', { name: 'First Light' })).toBeInTheDocument();
  });

  it('is not labelled without a title', () => {
    render(
      <Card as="div">
        <p>Body</p>
      </Card>,
    );
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByText('Body').parentElement).not.toHaveAttribute('aria-labelledby');
  });
});

describe('DetailsList', () => {
  it('pairs each label (term) with its value (definition)', () => {
    render(
      <DetailsList
        items={[
          { label: 'Date', value: '01/02' },
          { label: 'Quantity', value: 3 },
        ]}
      />,
    );
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Date', 'Quantity']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['01/02', '3']);
  });
});
