import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@pod/shared-contracts';
import { PublishingRightsForm } from '../publishing-rights-form';
import type { RightsAnswers } from '../rights';

const OWNER = 'I own the copyright and the publishing rights of this title';
const PUBLIC_DOMAIN = 'This title is in the public domain';
const WARNING = 'It appears you do not own the necessary publishing rights to proceed with this title.';
const SELECT = 'Please select an option above to continue';

function renderForm(continueLabel = 'Continue') {
  const onContinue = jest.fn<void, [RightsAnswers]>();
  const onGoBack = jest.fn();
  render(
    <MemoryRouter>
      <PublishingRightsForm
        continueLabel={continueLabel}
        onContinue={onContinue}
        goBackTo="/new-book"
        onGoBack={onGoBack}
      />
    </MemoryRouter>,
  );
  return { onContinue, onGoBack, user: userEvent.setup() };
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const radio = (name: string) => screen.getByRole('radio', { name });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('PublishingRightsForm', () => {
  it(`answers Continue without a choice with '${SELECT}'`, async () => {
    const { onContinue, user } = renderForm();
    expect(screen.queryByText(SELECT)).not.toBeInTheDocument();

    await user.click(continueButton());

    expect(screen.getByRole('alert')).toHaveTextContent(SELECT);
    expect(continueButton()).toHaveAccessibleDescription(SELECT);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('keeps asking until the copyright question is answered', async () => {
    const { onContinue, user } = renderForm();
    await user.click(box(OWNER));
    expect(screen.getByRole('group', { name: /sold, licensed or assigned the publishing rights/ })).toBeInTheDocument();

    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent(SELECT);

    await user.click(radio('No'));
    expect(screen.queryByText(SELECT)).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(onContinue).toHaveBeenCalledWith({ basis: 'owner', copyright: 'no', publicDomainKind: null });
  });

  it("blocks a 'yes' copyright answer with the warning, its links and Go Back", async () => {
    const { onContinue, onGoBack, user } = renderForm();
    await user.click(box(OWNER));
    await user.click(radio('Yes'));

    expect(screen.getByRole('alert')).toHaveTextContent(WARNING);
    const help = screen.getByRole('list', { name: 'Help with publishing rights' });
    expect(help).toContainElement(screen.getByRole('link', { name: 'Our legal documents and support' }));
    expect(screen.getByRole('link', { name: 'Our legal documents and support' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('link', { name: 'Your books' })).toHaveAttribute('href', '/books');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(onContinue).not.toHaveBeenCalled();

    const goBack = screen.getByRole('link', { name: 'Go Back' });
    expect(goBack).toHaveAttribute('href', '/new-book');
    await user.click(goBack);
    expect(onGoBack).toHaveBeenCalled();
    expect(box(OWNER)).not.toBeChecked();
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it("lifts the block when the answer changes to 'no'", async () => {
    const { user } = renderForm();
    await user.click(box(OWNER));
    await user.click(radio('Yes'));
    await user.click(radio('No'));

    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(continueButton()).toBeInTheDocument();
  });

  it.each([
    ['A reproduction', 'reproduction'],
    ['A compilation', 'compilation'],
  ] as const)('lets a public-domain title continue as %s', async (label, kind) => {
    const { onContinue, user } = renderForm();
    await user.click(box(PUBLIC_DOMAIN));
    expect(
      screen.getByRole('group', { name: 'Is your title a reproduction or a compilation of public-domain works?' }),
    ).toBeInTheDocument();

    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent(SELECT);

    await user.click(radio(label));
    await user.click(continueButton());
    expect(onContinue).toHaveBeenCalledWith({ basis: 'public-domain', copyright: null, publicDomainKind: kind });
  });

  it('keeps the two bases apart: ticking one unticks the other and forgets its answer', async () => {
    const { user } = renderForm();
    await user.click(box(OWNER));
    await user.click(radio('Yes'));
    await user.click(box(PUBLIC_DOMAIN));

    expect(box(OWNER)).not.toBeChecked();
    expect(box(PUBLIC_DOMAIN)).toBeChecked();
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Yes' })).not.toBeInTheDocument();

    await user.click(box(OWNER));
    expect(radio('Yes')).not.toBeChecked();
    expect(radio('No')).not.toBeChecked();
  });

  it('unticking the chosen basis leaves nothing chosen', async () => {
    const { onContinue, user } = renderForm();
    await user.click(box(PUBLIC_DOMAIN));
    await user.click(radio('A reproduction'));
    await user.click(box(PUBLIC_DOMAIN));
    await user.click(continueButton());

    expect(screen.getByRole('alert')).toHaveTextContent(SELECT);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it("reads 'Next' on a completed stage", () => {
    renderForm('Next');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});
