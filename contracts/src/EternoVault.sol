// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Amounts stay event data (topics are for filtering), `>=` / `<=` are kept where they state the rule, the
// EIP-712 type strings are what they are, and DOMAIN_SEPARATOR keeps the name every EIP-712 tool knows.
/* solhint-disable gas-indexed-events, gas-strict-inequalities, gas-small-strings, func-name-mixedcase */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IEternoVault} from "./interfaces/IEternoVault.sol";

/// @title EternoVault
/// @author ETERNO
/// @notice The vault (the spec's "manager"). Money enters through server-signed deposits
///         ({diveInWithToken}) and leaves through server-signed withdrawals ({withdraw}) and exchanges
///         ({pureTransfer}); the server's ledger decides what a user is owed, the vault checks the
///         signature, the nonce, the deadline, the caps and the exchange budget, and moves the tokens.
///         - Signatures: EIP-712, domain ("EternoVault", "1", chain id, this address), readable through
///           ERC-5267 `eip712Domain()`. The digest binds the caller, every argument, the caller's
///           current nonce of that kind (read here, then incremented) and the deadline. Only low-s,
///           non-zero ECDSA signatures of the current {signer} are accepted.
///         - Payouts (a withdrawal, an exchange's output) are bounded per token: per transaction; per UTC
///           day and user (`perUserDayCap`, keyed by the receiver), so one account's deposit-withdraw loop
///           uses up only its own allowance; and per UTC day vault-wide, counted as NET outflow (deposits,
///           fundings and exchange inputs of the day lower it, never below 0): the breaker against a
///           stolen signer key, which no loop of a user's own money can exhaust.
///         - Exchange outputs are also bounded by the token's exchange budget: what was funded and what
///           exchanges brought in of it, less what exchanges paid out. So exchanges never pay out more
///           of a token than came in without a debt to a user, whatever the signer signs.
///         - The signer changes only through a timelock: {proposeSigner}, then {activateSigner} after
///           {SIGNER_DELAY}; the old signer's signatures fail from that block on. Cap increases wait the
///           same delay ({proposeTokenCaps} → {activateTokenCaps}); lowering a cap and (dis)allowing a
///           token apply at once ({setToken}), as does a token's first configuration.
///         - The owner can pause deposits and exchanges for as long as it wants, but withdrawals for at
///           most {MAX_PAUSE} (they reopen by themselves), and a new pause may begin only {MAX_PAUSE} after
///           the previous one stopped withdrawals: withdrawals are open at least half of any period.
///         - NO owner path moves tokens out.
/// @dev Invariants:
///        - nonces(user, kind) only grows, by one per accepted call of that kind, so a signature is
///          accepted at most once (a voucher pays at most once);
///        - every payout of a token is <= its perTxCap; the payouts to one user of a token within one UTC
///          day total <= its perUserDayCap at the time of each payout; the net outflow of a token within
///          one UTC day (payouts − inflows, floor 0, in order) <= its perDayCap at the time of each payout;
///        - for each token: Σ exchange outputs <= Σ funded + Σ exchange inputs, and exchangeBudget ==
///          Σ funded + Σ exchange inputs − Σ exchange outputs;
///        - for each token: balance == received by deposits + funded + exchange inputs − payouts (for a
///          token that does not change balances on its own);
///        - caps in force rise only by a proposal at least {SIGNER_DELAY} old, or at a token's first
///          configuration;
///        - withdrawals are refused by a pause only before pause start + {MAX_PAUSE}, and two pauses start
///          at least the first one's withdrawal freeze + {MAX_PAUSE} apart;
///        - no function lets the owner or anyone move tokens out without a signature of the signer.
contract EternoVault is IEternoVault, Ownable2Step, EIP712, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice A token's configuration. The first slot is read by every call that takes the token in or
    ///         pays it out; `perUserDayCap` (second slot) only by payouts.
    /// @param allowed Whether deposits, fundings and exchange inputs may use it.
    /// @param configured Whether it was ever configured (its first configuration applies at once).
    /// @param perTxCap Most one payout may be.
    /// @param perDayCap Most the token's net outflow may be in one UTC day.
    /// @param perUserDayCap Most one user may be paid of the token in one UTC day.
    struct TokenConfig {
        bool allowed;
        bool configured;
        uint112 perTxCap;
        uint112 perDayCap;
        uint112 perUserDayCap;
    }

    /// @notice A token's flows, packed in one slot.
    /// @param day The UTC day (block.timestamp / 1 days) `paid` counts.
    /// @param paid That day's net outflow (payouts less inflows, never below 0).
    /// @param exchangeBudget What exchange outputs of the token may still pay.
    struct TokenFlow {
        uint32 day;
        uint112 paid;
        uint112 exchangeBudget;
    }

    /// @notice What one user was paid of one token in one UTC day, packed in one slot.
    /// @param day The UTC day `paid` counts.
    /// @param paid The payouts to the user that day.
    struct UserPayout {
        uint32 day;
        uint224 paid;
    }

    /// @notice Proposed caps of a token and when they may be activated (eta 0: none).
    /// @param perTxCap The proposed per-transaction cap.
    /// @param perDayCap The proposed vault-wide day cap.
    /// @param perUserDayCap The proposed per-user day cap.
    /// @param eta When they may be activated.
    struct CapProposal {
        uint112 perTxCap;
        uint112 perDayCap;
        uint112 perUserDayCap;
        uint64 eta;
    }

    /// @notice Nonce kind of {diveInWithToken}.
    uint8 public constant KIND_DIVE_IN = 0;
    /// @notice Nonce kind of {withdraw}.
    uint8 public constant KIND_WITHDRAW = 1;
    /// @notice Nonce kind of {pureTransfer}.
    uint8 public constant KIND_EXCHANGE = 2;
    /// @notice The shortest signer delay the constructor accepts.
    uint256 public constant MIN_SIGNER_DELAY = 1 days;
    /// @notice The longest signer delay the constructor accepts.
    uint256 public constant MAX_SIGNER_DELAY = 30 days;
    /// @notice The longest pause maximum the constructor accepts.
    uint256 public constant MAX_PAUSE_LIMIT = 30 days;

    /// @notice EIP-712 type hash of a deposit authorisation.
    bytes32 public constant DIVE_IN_TYPEHASH = keccak256(
        "DiveIn(address user,uint256 custom,uint256 custom1,address token,uint256 amount,uint256 nonce,uint256 deadline)"
    );
    /// @notice EIP-712 type hash of a withdrawal voucher.
    bytes32 public constant WITHDRAW_TYPEHASH =
        keccak256("Withdraw(address user,address token,uint256 amount,uint256 nonce,uint256 deadline)");
    /// @notice EIP-712 type hash of an exchange quote.
    bytes32 public constant EXCHANGE_TYPEHASH = keccak256(
        "Exchange(address user,address tokenIn,uint256 amountIn,address tokenOut,uint256 amountOut,uint256 nonce,uint256 deadline)"
    );

    /// @notice How long a proposed signer, or proposed higher caps, wait before they can be activated.
    uint256 public immutable SIGNER_DELAY;
    /// @notice The longest a pause keeps withdrawals closed; also the least time between the end of one
    ///         withdrawal freeze and the next pause.
    uint256 public immutable MAX_PAUSE;

    /// @inheritdoc IEternoVault
    address public signer;
    /// @dev Packed with {signer} (one slot, read by every signed call): when a pause's hold on withdrawals
    ///      ends (0: never paused), and whether deposits and exchanges are paused.
    uint64 private _withdrawalsFrozenUntil;
    bool private _paused;
    /// @notice The proposed next signer (zero when none).
    address public pendingSigner;
    /// @notice When {pendingSigner} may be activated.
    uint256 public pendingSignerEta;

    mapping(address user => mapping(uint8 kind => uint256 nonce)) private _nonces;
    mapping(address token => TokenConfig config) private _tokens;
    mapping(address token => TokenFlow flow) private _flows;
    mapping(address user => mapping(address token => UserPayout payout)) private _userPayouts;
    mapping(address token => CapProposal proposal) private _capProposals;
    /// @dev Every token ever configured, in order (the owner adds them; a handful).
    address[] private _tokenList;

    /// @notice The signature does not recover to the current signer.
    /// @param recovered The address it recovers to (zero when it is malformed, high-s or invalid).
    error InvalidSigner(address recovered);
    /// @notice The signature's deadline has passed.
    /// @param deadline The deadline.
    error Expired(uint256 deadline);
    /// @notice The token is not allowed for deposits, fundings or exchange inputs.
    /// @param token The token.
    error TokenNotAllowed(address token);
    /// @notice A payout exceeds the token's per-transaction cap.
    /// @param amount The payout.
    /// @param cap The cap.
    error OverTxCap(uint256 amount, uint256 cap);
    /// @notice A payout exceeds what the token's vault-wide daily cap leaves today.
    /// @param amount The payout.
    /// @param remaining What today's cap still allows.
    error OverDayCap(uint256 amount, uint256 remaining);
    /// @notice A payout exceeds what the token's per-user daily cap leaves the receiver today.
    /// @param amount The payout.
    /// @param remaining What the receiver's cap still allows today.
    error OverUserDayCap(uint256 amount, uint256 remaining);
    /// @notice An exchange output exceeds the token's exchange budget.
    /// @param amount The output.
    /// @param budget The budget left.
    error ExchangeBudgetExceeded(uint256 amount, uint256 budget);
    /// @notice Less than the signed amount arrived.
    /// @param expected The signed amount.
    /// @param got What arrived.
    error InsufficientReceived(uint256 expected, uint256 got);
    /// @notice An amount is zero.
    error ZeroAmount();
    /// @notice An address argument is zero.
    error ZeroAddress();
    /// @notice An exchange's input and output are the same token.
    /// @param token The token.
    error SameToken(address token);
    /// @notice The signer delay is outside [MIN_SIGNER_DELAY, MAX_SIGNER_DELAY].
    /// @param delay The delay given.
    error InvalidSignerDelay(uint256 delay);
    /// @notice The pause maximum is outside [signer delay, MAX_PAUSE_LIMIT].
    /// @param maxPause The maximum given.
    error InvalidMaxPause(uint256 maxPause);
    /// @notice There is no signer proposal.
    error NoSignerProposal();
    /// @notice The proposed signer's delay has not passed.
    /// @param eta When it may be activated.
    error SignerNotReady(uint256 eta);
    /// @notice {setToken} would raise a cap of a configured token: propose it ({proposeTokenCaps}).
    /// @param token The token.
    error CapIncreaseNeedsProposal(address token);
    /// @notice The token was never configured ({setToken} first).
    /// @param token The token.
    error TokenNotConfigured(address token);
    /// @notice The token has no cap proposal.
    /// @param token The token.
    error NoCapProposal(address token);
    /// @notice The token's proposed caps' delay has not passed.
    /// @param token The token.
    /// @param eta When they may be activated.
    error CapsNotReady(address token, uint256 eta);
    /// @notice Deposits and exchanges are paused.
    error VaultPaused();
    /// @notice Withdrawals are paused until `reopenAt`.
    /// @param reopenAt When they reopen at the latest.
    error WithdrawalsPaused(uint256 reopenAt);
    /// @notice The vault is already paused.
    error AlreadyPaused();
    /// @notice The vault is not paused.
    error NotPaused();
    /// @notice A new pause may not begin before `nextPauseAt`.
    /// @param nextPauseAt The earliest time.
    error PauseCooldown(uint256 nextPauseAt);

    /// @notice Deploys the vault.
    /// @dev Requirements: `initialOwner` and `initialSigner` non-zero; `signerDelay` within
    ///      [MIN_SIGNER_DELAY, MAX_SIGNER_DELAY]; `maxPause` within [signerDelay, MAX_PAUSE_LIMIT] (a pause
    ///      must be able to hold withdrawals while a leaked signer is rotated).
    /// @param initialOwner The owner (configures tokens, pauses, rotates the signer).
    /// @param initialSigner The server's signer.
    /// @param signerDelay How long a proposed signer or proposed higher caps wait before activation.
    /// @param maxPause The longest a pause keeps withdrawals closed.
    constructor(address initialOwner, address initialSigner, uint256 signerDelay, uint256 maxPause)
        Ownable(initialOwner)
        EIP712("EternoVault", "1")
    {
        if (initialSigner == address(0)) revert ZeroAddress();
        if (signerDelay < MIN_SIGNER_DELAY || signerDelay > MAX_SIGNER_DELAY) revert InvalidSignerDelay(signerDelay);
        if (maxPause < signerDelay || maxPause > MAX_PAUSE_LIMIT) revert InvalidMaxPause(maxPause);
        SIGNER_DELAY = signerDelay;
        MAX_PAUSE = maxPause;
        signer = initialSigner;
        emit SignerChanged(address(0), initialSigner);
    }

    // ---------------------------------------------------------------- user actions

    /// @inheritdoc IEternoVault
    /// @dev Requirements: not paused; `token` allowed; `amount` > 0; `deadline` not passed; the signer
    ///      signed DiveIn(caller, custom, custom1, token, amount, nonces(caller, 0), deadline); the
    ///      caller approved `amount`. What arrives lowers today's net outflow of the token. Emits
    ///      {DivedIn} with what actually arrived.
    function diveInWithToken(
        uint256 custom,
        uint256 custom1,
        address token,
        uint256 amount,
        uint256 deadline,
        bytes32 r,
        bytes32 s,
        uint8 v
    ) external nonReentrant {
        if (_paused) revert VaultPaused();
        if (!_tokens[token].allowed) revert TokenNotAllowed(token);
        if (amount == 0) revert ZeroAmount();
        uint256 nonce = _useNonce(msg.sender, KIND_DIVE_IN);
        _checkSignature(
            keccak256(abi.encode(DIVE_IN_TYPEHASH, msg.sender, custom, custom1, token, amount, nonce, deadline)),
            deadline,
            r,
            s,
            v
        );
        uint256 received = _pull(token, amount);
        _takeIn(token, received, false);
        emit DivedIn(msg.sender, token, received, custom, custom1, nonce);
    }

    /// @inheritdoc IEternoVault
    /// @dev Requirements: withdrawals not paused (a pause holds them {MAX_PAUSE} at most); `amount` > 0 and
    ///      within the token's caps (per transaction, the caller's day, the vault's day); `deadline` not
    ///      passed; the signer signed Withdraw(caller, token, amount, nonces(caller, 1), deadline).
    ///      Emits {Withdrawn}.
    function withdraw(address token, uint256 amount, uint256 deadline, bytes32 r, bytes32 s, uint8 v)
        external
        nonReentrant
    {
        uint256 frozenUntil = _withdrawalsFrozenUntil;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < frozenUntil) revert WithdrawalsPaused(frozenUntil);
        if (amount == 0) revert ZeroAmount();
        uint256 nonce = _useNonce(msg.sender, KIND_WITHDRAW);
        _checkSignature(
            keccak256(abi.encode(WITHDRAW_TYPEHASH, msg.sender, token, amount, nonce, deadline)), deadline, r, s, v
        );
        _payout(token, msg.sender, amount, false);
        emit Withdrawn(msg.sender, token, amount, nonce, deadline);
    }

    /// @inheritdoc IEternoVault
    /// @dev Requirements: not paused; `tokenIn` allowed and different from `tokenOut`; both amounts > 0;
    ///      `amountOut` within `tokenOut`'s caps and exchange budget; `deadline` not passed; the signer
    ///      signed Exchange(caller, tokenIn, amountIn, tokenOut, amountOut, nonces(caller, 2), deadline);
    ///      all of `amountIn` arrives (it joins `tokenIn`'s exchange budget and lowers its net outflow).
    ///      Emits {Exchanged}.
    function pureTransfer(
        uint256 amountIn,
        uint256 amountOut,
        address tokenIn,
        address tokenOut,
        uint256 deadline,
        bytes32 r,
        bytes32 s,
        uint8 v
    ) external nonReentrant {
        if (_paused) revert VaultPaused();
        if (!_tokens[tokenIn].allowed) revert TokenNotAllowed(tokenIn);
        if (tokenIn == tokenOut) revert SameToken(tokenIn);
        if (amountIn == 0 || amountOut == 0) revert ZeroAmount();
        uint256 nonce = _useNonce(msg.sender, KIND_EXCHANGE);
        _checkSignature(
            keccak256(
                abi.encode(EXCHANGE_TYPEHASH, msg.sender, tokenIn, amountIn, tokenOut, amountOut, nonce, deadline)
            ),
            deadline,
            r,
            s,
            v
        );
        uint256 received = _pull(tokenIn, amountIn);
        if (received < amountIn) revert InsufficientReceived(amountIn, received);
        _takeIn(tokenIn, received, true);
        _payout(tokenOut, msg.sender, amountOut, true);
        emit Exchanged(msg.sender, tokenIn, amountIn, tokenOut, amountOut, nonce);
    }

    /// @inheritdoc IEternoVault
    /// @dev Requirements: `token` allowed; `amount` > 0; the caller approved it. What arrives joins the
    ///      token's exchange budget and lowers today's net outflow. Emits {Funded} with what arrived.
    function fund(address token, uint256 amount) external nonReentrant {
        if (!_tokens[token].allowed) revert TokenNotAllowed(token);
        if (amount == 0) revert ZeroAmount();
        uint256 received = _pull(token, amount);
        _takeIn(token, received, true);
        emit Funded(msg.sender, token, received);
    }

    // ---------------------------------------------------------------- owner

    /// @notice Sets whether a token is allowed, and lowers (or keeps) its caps, at once. A token's first
    ///         configuration sets its caps at once too (no deposit of it could have been made before:
    ///         deposits need it allowed); afterwards a higher cap needs {proposeTokenCaps}.
    /// @dev Requirements: owner; `token` non-zero; caps fit in 112 bits; for a configured token no cap above
    ///      the one in force. Lowering a cap cancels the token's pending proposal (a brake must not be
    ///      undone by a proposal made before it). Today's payouts are kept. Emits {TokenConfigured}.
    /// @param token The token.
    /// @param allowed Whether deposits, fundings and exchange inputs may use it.
    /// @param perTxCap Most one payout may be.
    /// @param perDayCap Most the token's net outflow may be in one UTC day.
    /// @param perUserDayCap Most one user may be paid of the token in one UTC day.
    function setToken(address token, bool allowed, uint256 perTxCap, uint256 perDayCap, uint256 perUserDayCap)
        external
        onlyOwner
    {
        if (token == address(0)) revert ZeroAddress();
        uint112 txCap = SafeCast.toUint112(perTxCap);
        uint112 dayCap = SafeCast.toUint112(perDayCap);
        uint112 userCap = SafeCast.toUint112(perUserDayCap);
        TokenConfig storage c = _tokens[token];
        if (!c.configured) {
            c.configured = true;
            _tokenList.push(token);
        } else {
            if (txCap > c.perTxCap || dayCap > c.perDayCap || userCap > c.perUserDayCap) {
                revert CapIncreaseNeedsProposal(token);
            }
            bool lowered = txCap < c.perTxCap || dayCap < c.perDayCap || userCap < c.perUserDayCap;
            if (lowered && _capProposals[token].eta != 0) {
                delete _capProposals[token];
                emit TokenCapsProposalCancelled(token);
            }
        }
        c.allowed = allowed;
        c.perTxCap = txCap;
        c.perDayCap = dayCap;
        c.perUserDayCap = userCap;
        emit TokenConfigured(token, allowed, perTxCap, perDayCap, perUserDayCap);
    }

    /// @notice Proposes a configured token's caps; they may be activated after {SIGNER_DELAY}, public in
    ///         the meantime ({pendingCapIncreases}). Replaces any proposal of the token.
    /// @dev Requirements: owner; `token` configured; caps fit in 112 bits. Emits {TokenCapsProposed}.
    /// @param token The token.
    /// @param perTxCap The proposed per-transaction cap.
    /// @param perDayCap The proposed vault-wide day cap.
    /// @param perUserDayCap The proposed per-user day cap.
    function proposeTokenCaps(address token, uint256 perTxCap, uint256 perDayCap, uint256 perUserDayCap)
        external
        onlyOwner
    {
        if (!_tokens[token].configured) revert TokenNotConfigured(token);
        uint256 eta = block.timestamp + SIGNER_DELAY;
        _capProposals[token] = CapProposal({
            perTxCap: SafeCast.toUint112(perTxCap),
            perDayCap: SafeCast.toUint112(perDayCap),
            perUserDayCap: SafeCast.toUint112(perUserDayCap),
            eta: SafeCast.toUint64(eta)
        });
        emit TokenCapsProposed(token, perTxCap, perDayCap, perUserDayCap, eta);
    }

    /// @notice Puts a token's proposed caps in force.
    /// @dev Requirements: owner; a proposal of the token whose eta has come. Emits {TokenConfigured}.
    /// @param token The token.
    function activateTokenCaps(address token) external onlyOwner {
        CapProposal memory p = _capProposals[token];
        if (p.eta == 0) revert NoCapProposal(token);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < p.eta) revert CapsNotReady(token, p.eta);
        delete _capProposals[token];
        TokenConfig storage c = _tokens[token];
        c.perTxCap = p.perTxCap;
        c.perDayCap = p.perDayCap;
        c.perUserDayCap = p.perUserDayCap;
        emit TokenConfigured(token, c.allowed, p.perTxCap, p.perDayCap, p.perUserDayCap);
    }

    /// @notice Withdraws a token's cap proposal.
    /// @dev Requirements: owner; a proposal of the token. Emits {TokenCapsProposalCancelled}.
    /// @param token The token.
    function cancelTokenCaps(address token) external onlyOwner {
        if (_capProposals[token].eta == 0) revert NoCapProposal(token);
        delete _capProposals[token];
        emit TokenCapsProposalCancelled(token);
    }

    /// @notice Proposes the next signer; it may be activated after {SIGNER_DELAY}. Replaces any proposal.
    /// @dev Requirements: owner; `newSigner` non-zero. Emits {SignerProposed}.
    /// @param newSigner The proposed signer.
    function proposeSigner(address newSigner) external onlyOwner {
        if (newSigner == address(0)) revert ZeroAddress();
        uint256 eta = block.timestamp + SIGNER_DELAY;
        pendingSigner = newSigner;
        pendingSignerEta = eta;
        emit SignerProposed(newSigner, eta);
    }

    /// @notice Makes the proposed signer the signer; the previous signer's signatures fail from now on.
    /// @dev Requirements: owner; a proposal whose eta has come. Emits {SignerChanged}.
    function activateSigner() external onlyOwner {
        address next = pendingSigner;
        if (next == address(0)) revert NoSignerProposal();
        uint256 eta = pendingSignerEta;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < eta) revert SignerNotReady(eta);
        address previous = signer;
        signer = next;
        delete pendingSigner;
        delete pendingSignerEta;
        emit SignerChanged(previous, next);
    }

    /// @notice Withdraws the signer proposal.
    /// @dev Requirements: owner; a proposal. Emits {SignerProposalCancelled}.
    function cancelSignerProposal() external onlyOwner {
        address proposed = pendingSigner;
        if (proposed == address(0)) revert NoSignerProposal();
        delete pendingSigner;
        delete pendingSignerEta;
        emit SignerProposalCancelled(proposed);
    }

    /// @notice Stops deposits and exchanges until {unpause}, and withdrawals for {MAX_PAUSE} at most.
    /// @dev Requirements: owner; not paused; at least {MAX_PAUSE} since the previous pause's hold on
    ///      withdrawals ended. Emits {Paused}.
    function pause() external onlyOwner {
        if (_paused) revert AlreadyPaused();
        uint256 next = _nextPauseAt();
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < next) revert PauseCooldown(next);
        uint256 reopenAt = block.timestamp + MAX_PAUSE;
        _paused = true;
        _withdrawalsFrozenUntil = SafeCast.toUint64(reopenAt);
        emit Paused(msg.sender, reopenAt);
    }

    /// @notice Resumes deposits and exchanges, and withdrawals if the pause still held them.
    /// @dev Requirements: owner; paused. Emits {Unpaused}.
    function unpause() external onlyOwner {
        if (!_paused) revert NotPaused();
        _paused = false;
        // forge-lint: disable-next-line(block-timestamp)
        if (_withdrawalsFrozenUntil > block.timestamp) _withdrawalsFrozenUntil = uint64(block.timestamp);
        emit Unpaused(msg.sender);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IEternoVault
    function nonces(address user, uint8 kind) external view returns (uint256) {
        return _nonces[user][kind];
    }

    /// @inheritdoc IEternoVault
    function tokenInfo(address token)
        external
        view
        returns (
            bool allowed,
            uint256 perTxCap,
            uint256 perDayCap,
            uint256 paidToday,
            uint256 perUserDayCap,
            uint256 exchangeBudget
        )
    {
        TokenConfig memory c = _tokens[token];
        TokenFlow memory f = _flows[token];
        paidToday = f.day == _today() ? f.paid : 0;
        return (c.allowed, c.perTxCap, c.perDayCap, paidToday, c.perUserDayCap, f.exchangeBudget);
    }

    /// @inheritdoc IEternoVault
    function userPaidToday(address user, address token) external view returns (uint256) {
        UserPayout memory u = _userPayouts[user][token];
        return u.day == _today() ? u.paid : 0;
    }

    /// @notice Whether deposits and exchanges are paused.
    /// @return True while paused.
    function paused() external view returns (bool) {
        return _paused;
    }

    /// @inheritdoc IEternoVault
    function pauseState()
        external
        view
        returns (bool paused_, bool withdrawalsPaused, uint256 withdrawalsReopenAt, uint256 nextPauseAt)
    {
        withdrawalsReopenAt = _withdrawalsFrozenUntil;
        // forge-lint: disable-next-line(block-timestamp)
        return (_paused, block.timestamp < withdrawalsReopenAt, withdrawalsReopenAt, _nextPauseAt());
    }

    /// @notice A token's pending cap proposal (all zero when none).
    /// @param token The token.
    /// @return perTxCap The proposed per-transaction cap.
    /// @return perDayCap The proposed vault-wide day cap.
    /// @return perUserDayCap The proposed per-user day cap.
    /// @return eta When they may be activated.
    function pendingTokenCaps(address token)
        external
        view
        returns (uint256 perTxCap, uint256 perDayCap, uint256 perUserDayCap, uint256 eta)
    {
        CapProposal memory p = _capProposals[token];
        return (p.perTxCap, p.perDayCap, p.perUserDayCap, p.eta);
    }

    /// @inheritdoc IEternoVault
    function pendingCapIncreases() external view returns (address[] memory tokens, uint256[] memory etas) {
        uint256 count = _tokenList.length;
        uint256 pending = 0;
        for (uint256 i = 0; i < count; ++i) {
            if (_capProposals[_tokenList[i]].eta != 0) ++pending;
        }
        tokens = new address[](pending);
        etas = new uint256[](pending);
        uint256 next = 0;
        for (uint256 i = 0; i < count; ++i) {
            address token = _tokenList[i];
            uint256 eta = _capProposals[token].eta;
            if (eta != 0) {
                tokens[next] = token;
                etas[next] = eta;
                ++next;
            }
        }
    }

    /// @notice Every token ever configured, in the order of their first configuration.
    /// @return The tokens.
    function configuredTokens() external view returns (address[] memory) {
        return _tokenList;
    }

    /// @notice The EIP-712 domain separator of this vault on this chain.
    /// @return The separator.
    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    // ---------------------------------------------------------------- internals

    /// @dev Returns the user's current nonce of `kind` and increments it.
    function _useNonce(address user, uint8 kind) private returns (uint256 nonce) {
        nonce = _nonces[user][kind];
        _nonces[user][kind] = nonce + 1;
    }

    /// @dev Reverts unless `deadline` has not passed and (r, s, v) is the signer's low-s signature of
    ///      the typed-data digest of `structHash`.
    function _checkSignature(bytes32 structHash, uint256 deadline, bytes32 r, bytes32 s, uint8 v) private view {
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp > deadline) revert Expired(deadline);
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecover(_hashTypedDataV4(structHash), v, r, s);
        if (err != ECDSA.RecoverError.NoError || recovered != signer) revert InvalidSigner(recovered);
    }

    /// @dev Takes `amount` of `token` from the caller; returns what the vault's balance grew by.
    function _pull(address token, uint256 amount) private returns (uint256 received) {
        IERC20 t = IERC20(token);
        uint256 before = t.balanceOf(address(this));
        t.safeTransferFrom(msg.sender, address(this), amount);
        received = t.balanceOf(address(this)) - before;
    }

    /// @dev `received` of `token` came in: today's net outflow goes down by it (not below 0) and, for a
    ///      funding or an exchange input (`toBudget`), the exchange budget goes up by it. A deposit on a day
    ///      with no net outflow writes nothing.
    function _takeIn(address token, uint256 received, bool toBudget) private {
        TokenFlow memory f = _flows[token];
        uint32 today = _today();
        uint256 paid = f.day == today ? f.paid : 0;
        if (paid == 0 && !toBudget) return;
        uint256 budget = f.exchangeBudget;
        if (toBudget) {
            budget += received;
            emit ExchangeBudgetAdded(token, received, budget);
        }
        _flows[token] = TokenFlow({
            day: today,
            // Lower than the stored `paid`, so it fits.
            // forge-lint: disable-next-line(unsafe-typecast)
            paid: uint112(paid > received ? paid - received : 0),
            exchangeBudget: SafeCast.toUint112(budget)
        });
    }

    /// @dev Pays `amount` of `token` to `to` within the token's per-transaction cap, the vault's day cap,
    ///      for an exchange output the exchange budget, and the receiver's day cap (checked in that order).
    function _payout(address token, address to, uint256 amount, bool exchange) private {
        TokenConfig storage c = _tokens[token];
        uint256 txCap = c.perTxCap;
        if (amount > txCap) revert OverTxCap(amount, txCap);
        uint32 today = _today();
        _countVaultPayout(token, c.perDayCap, amount, exchange, today);
        _countUserPayout(to, token, c.perUserDayCap, amount, today);
        IERC20(token).safeTransfer(to, amount);
    }

    /// @dev Adds `amount` to `token`'s net outflow of `today` within `dayCap` and, for an exchange output,
    ///      draws it from the exchange budget.
    function _countVaultPayout(address token, uint256 dayCap, uint256 amount, bool exchange, uint32 today) private {
        TokenFlow memory f = _flows[token];
        uint256 paid = f.day == today ? f.paid : 0;
        uint256 remaining = dayCap > paid ? dayCap - paid : 0;
        if (amount > remaining) revert OverDayCap(amount, remaining);
        uint256 budget = f.exchangeBudget;
        if (exchange) {
            if (amount > budget) revert ExchangeBudgetExceeded(amount, budget);
            budget -= amount;
        }
        // paid + amount <= dayCap < 2^112 and the budget only went down, so the casts are exact.
        // forge-lint: disable-next-line(unsafe-typecast)
        _flows[token] = TokenFlow({day: today, paid: uint112(paid + amount), exchangeBudget: uint112(budget)});
    }

    /// @dev Adds `amount` to what `to` was paid of `token` on `today`, within `userCap`.
    function _countUserPayout(address to, address token, uint256 userCap, uint256 amount, uint32 today) private {
        UserPayout memory u = _userPayouts[to][token];
        uint256 userPaid = u.day == today ? u.paid : 0;
        uint256 userRemaining = userCap > userPaid ? userCap - userPaid : 0;
        if (amount > userRemaining) revert OverUserDayCap(amount, userRemaining);
        // userPaid + amount <= userCap < 2^112, so the cast is exact.
        // forge-lint: disable-next-line(unsafe-typecast)
        _userPayouts[to][token] = UserPayout({day: today, paid: uint224(userPaid + amount)});
    }

    /// @dev When the next pause may begin: {MAX_PAUSE} after the last hold on withdrawals ended (now when
    ///      there never was one).
    function _nextPauseAt() private view returns (uint256) {
        uint256 frozenUntil = _withdrawalsFrozenUntil;
        return frozenUntil == 0 ? 0 : frozenUntil + MAX_PAUSE;
    }

    /// @dev The current UTC day number.
    function _today() private view returns (uint32) {
        return uint32(block.timestamp / 1 days);
    }
}
