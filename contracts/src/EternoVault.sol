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
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IEternoVault} from "./interfaces/IEternoVault.sol";

/// @title EternoVault
/// @author ETERNO
/// @notice The vault (the spec's "manager"). Money enters through server-signed deposits
///         ({diveInWithToken}) and leaves through server-signed withdrawals ({withdraw}) and exchanges
///         ({pureTransfer}); the server's ledger decides what a user is owed, the vault checks the
///         signature, the nonce, the deadline and the caps, and moves the tokens.
///         - Signatures: EIP-712, domain ("EternoVault", "1", chain id, this address), readable through
///           ERC-5267 `eip712Domain()`. The digest binds the caller, every argument, the caller's
///           current nonce of that kind (read here, then incremented) and the deadline. Only low-s,
///           non-zero ECDSA signatures of the current {signer} are accepted.
///         - Payouts (a withdrawal, an exchange's output) are bounded per transaction and per UTC day,
///           vault-wide, per token. Deposits and exchange inputs need the token to be allowed.
///         - The signer changes only through a timelock: {proposeSigner}, then {activateSigner} after
///           {SIGNER_DELAY}; the old signer's signatures fail from that block on.
///         - The owner can pause, configure tokens and rotate the signer. NO owner path moves tokens out.
/// @dev Invariants:
///        - nonces(user, kind) only grows, by one per accepted call of that kind, so a signature is
///          accepted at most once (a voucher pays at most once);
///        - every payout of a token is <= its perTxCap, and the payouts of a token within one UTC day
///          total <= its perDayCap at the time of each payout;
///        - for each token: balance == received by deposits + funded + exchange inputs − payouts (for a
///          token that does not change balances on its own);
///        - no function lets the owner or anyone move tokens out without a signature of the signer.
contract EternoVault is IEternoVault, Ownable2Step, Pausable, EIP712, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice A token's configuration, packed in one slot.
    /// @param allowed Whether deposits and exchange inputs may use it.
    /// @param perTxCap Most one payout may be.
    /// @param perDayCap Most all payouts of the token may total in one UTC day.
    struct TokenConfig {
        bool allowed;
        uint120 perTxCap;
        uint120 perDayCap;
    }

    /// @notice A token's payouts of one UTC day, packed in one slot.
    /// @param day The UTC day (block.timestamp / 1 days) `paid` counts.
    /// @param paid What was paid out that day.
    struct DayPayout {
        uint64 day;
        uint192 paid;
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

    /// @notice How long a proposed signer waits before it can be activated.
    uint256 public immutable SIGNER_DELAY;

    /// @inheritdoc IEternoVault
    address public signer;
    /// @notice The proposed next signer (zero when none).
    address public pendingSigner;
    /// @notice When {pendingSigner} may be activated.
    uint256 public pendingSignerEta;

    mapping(address user => mapping(uint8 kind => uint256 nonce)) private _nonces;
    mapping(address token => TokenConfig config) private _tokens;
    mapping(address token => DayPayout payout) private _payouts;

    /// @notice The signature does not recover to the current signer.
    /// @param recovered The address it recovers to (zero when it is malformed, high-s or invalid).
    error InvalidSigner(address recovered);
    /// @notice The signature's deadline has passed.
    /// @param deadline The deadline.
    error Expired(uint256 deadline);
    /// @notice The token is not allowed for deposits or exchange inputs.
    /// @param token The token.
    error TokenNotAllowed(address token);
    /// @notice A payout exceeds the token's per-transaction cap.
    /// @param amount The payout.
    /// @param cap The cap.
    error OverTxCap(uint256 amount, uint256 cap);
    /// @notice A payout exceeds what the token's daily cap leaves today.
    /// @param amount The payout.
    /// @param remaining What today's cap still allows.
    error OverDayCap(uint256 amount, uint256 remaining);
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
    /// @notice There is no signer proposal.
    error NoSignerProposal();
    /// @notice The proposed signer's delay has not passed.
    /// @param eta When it may be activated.
    error SignerNotReady(uint256 eta);

    /// @notice Deploys the vault.
    /// @dev Requirements: `initialOwner` and `initialSigner` non-zero; `signerDelay` within
    ///      [MIN_SIGNER_DELAY, MAX_SIGNER_DELAY].
    /// @param initialOwner The owner (configures tokens, pauses, rotates the signer).
    /// @param initialSigner The server's signer.
    /// @param signerDelay How long a proposed signer waits before activation.
    constructor(address initialOwner, address initialSigner, uint256 signerDelay)
        Ownable(initialOwner)
        EIP712("EternoVault", "1")
    {
        if (initialSigner == address(0)) revert ZeroAddress();
        if (signerDelay < MIN_SIGNER_DELAY || signerDelay > MAX_SIGNER_DELAY) revert InvalidSignerDelay(signerDelay);
        SIGNER_DELAY = signerDelay;
        signer = initialSigner;
        emit SignerChanged(address(0), initialSigner);
    }

    // ---------------------------------------------------------------- user actions

    /// @inheritdoc IEternoVault
    /// @dev Requirements: not paused; `token` allowed; `amount` > 0; `deadline` not passed; the signer
    ///      signed DiveIn(caller, custom, custom1, token, amount, nonces(caller, 0), deadline); the
    ///      caller approved `amount`. Emits {DivedIn} with what actually arrived.
    function diveInWithToken(
        uint256 custom,
        uint256 custom1,
        address token,
        uint256 amount,
        uint256 deadline,
        bytes32 r,
        bytes32 s,
        uint8 v
    ) external nonReentrant whenNotPaused {
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
        emit DivedIn(msg.sender, token, received, custom, custom1, nonce);
    }

    /// @inheritdoc IEternoVault
    /// @dev Requirements: not paused; `amount` > 0 and within the token's caps; `deadline` not passed;
    ///      the signer signed Withdraw(caller, token, amount, nonces(caller, 1), deadline). Emits {Withdrawn}.
    function withdraw(address token, uint256 amount, uint256 deadline, bytes32 r, bytes32 s, uint8 v)
        external
        nonReentrant
        whenNotPaused
    {
        if (amount == 0) revert ZeroAmount();
        uint256 nonce = _useNonce(msg.sender, KIND_WITHDRAW);
        _checkSignature(
            keccak256(abi.encode(WITHDRAW_TYPEHASH, msg.sender, token, amount, nonce, deadline)), deadline, r, s, v
        );
        _payout(token, msg.sender, amount);
        emit Withdrawn(msg.sender, token, amount, nonce, deadline);
    }

    /// @inheritdoc IEternoVault
    /// @dev Requirements: not paused; `tokenIn` allowed and different from `tokenOut`; both amounts > 0;
    ///      `amountOut` within `tokenOut`'s caps; `deadline` not passed; the signer signed
    ///      Exchange(caller, tokenIn, amountIn, tokenOut, amountOut, nonces(caller, 2), deadline); all of
    ///      `amountIn` arrives. Emits {Exchanged}.
    function pureTransfer(
        uint256 amountIn,
        uint256 amountOut,
        address tokenIn,
        address tokenOut,
        uint256 deadline,
        bytes32 r,
        bytes32 s,
        uint8 v
    ) external nonReentrant whenNotPaused {
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
        _payout(tokenOut, msg.sender, amountOut);
        emit Exchanged(msg.sender, tokenIn, amountIn, tokenOut, amountOut, nonce);
    }

    /// @inheritdoc IEternoVault
    /// @dev Requirements: `amount` > 0; the caller approved it. Emits {Funded} with what arrived.
    function fund(address token, uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        uint256 received = _pull(token, amount);
        emit Funded(msg.sender, token, received);
    }

    // ---------------------------------------------------------------- owner

    /// @notice Sets a token's acceptance and payout caps.
    /// @dev Requirements: owner; `token` non-zero; caps fit in 120 bits. Today's payouts are kept.
    /// @param token The token.
    /// @param allowed Whether deposits and exchange inputs may use it.
    /// @param perTxCap Most one payout may be.
    /// @param perDayCap Most all payouts of the token may total in one UTC day.
    function setToken(address token, bool allowed, uint256 perTxCap, uint256 perDayCap) external onlyOwner {
        if (token == address(0)) revert ZeroAddress();
        _tokens[token] = TokenConfig({
            allowed: allowed, perTxCap: SafeCast.toUint120(perTxCap), perDayCap: SafeCast.toUint120(perDayCap)
        });
        emit TokenConfigured(token, allowed, perTxCap, perDayCap);
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

    /// @notice Stops deposits, withdrawals and exchanges.
    /// @dev Requirements: owner; not paused.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Resumes deposits, withdrawals and exchanges.
    /// @dev Requirements: owner; paused.
    function unpause() external onlyOwner {
        _unpause();
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
        returns (bool allowed, uint256 perTxCap, uint256 perDayCap, uint256 paidToday)
    {
        TokenConfig memory c = _tokens[token];
        DayPayout memory p = _payouts[token];
        paidToday = p.day == _today() ? p.paid : 0;
        return (c.allowed, c.perTxCap, c.perDayCap, paidToday);
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

    /// @dev Pays `amount` of `token` to `to` within the token's per-transaction and per-day caps.
    function _payout(address token, address to, uint256 amount) private {
        TokenConfig memory c = _tokens[token];
        if (amount > c.perTxCap) revert OverTxCap(amount, c.perTxCap);
        uint64 today = _today();
        DayPayout memory p = _payouts[token];
        uint256 paid = p.day == today ? p.paid : 0;
        uint256 remaining = c.perDayCap > paid ? c.perDayCap - paid : 0;
        if (amount > remaining) revert OverDayCap(amount, remaining);
        // paid + amount <= perDayCap < 2^120, so the cast is exact.
        // forge-lint: disable-next-line(unsafe-typecast)
        _payouts[token] = DayPayout({day: today, paid: uint192(paid + amount)});
        IERC20(token).safeTransfer(to, amount);
    }

    /// @dev The current UTC day number.
    function _today() private view returns (uint64) {
        return uint64(block.timestamp / 1 days);
    }
}
